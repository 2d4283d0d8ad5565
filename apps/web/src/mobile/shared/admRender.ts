// antd-mobile 5 mounts its imperative toasts and dialogs itself: on React 19 through createRoot.
// Imported by the pages after login (TabLayout) and by the lazy toast, never by the first load:
// its render helper sits in the same chunk as the animation library.
import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';

unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
});
