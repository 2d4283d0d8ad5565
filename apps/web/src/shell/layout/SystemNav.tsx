import { useLocation, useNavigate } from 'react-router';
import { subSystemByPath } from '@chelian/contracts';
import { useClientStore } from '../../shared/stores/clientStore.ts';

/** The sub-product navigation from the role's platforms (systemList). */
export function SystemNav() {
  const navigate = useNavigate();
  const location = useLocation();
  const systems = useClientStore((s) => s.systemList);
  const active = subSystemByPath(location.pathname)?.systemId;
  return (
    <nav className="cl-system-nav" data-testid="system-nav">
      {systems.map((sys) => (
        <a
          key={sys.systemId}
          href={sys.path}
          className={sys.systemId === active ? 'cl-system-nav-item active' : 'cl-system-nav-item'}
          onClick={(event) => {
            event.preventDefault();
            useClientStore.getState().update({ currentSystem: { systemId: sys.systemId, path: sys.path, title: sys.title }, systemId: sys.systemId });
            navigate(sys.path);
          }}
        >
          <img src={sys.icon} alt="" className="cl-system-nav-icon" />
          {sys.title}
        </a>
      ))}
    </nav>
  );
}
