import { TreeSelect } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import type { NavUserClient } from '../../shared/bridge/bridgeTypes.ts';
import { T } from '../../shared/i18n/messages.ts';
import { broadcastToChildren } from '../subproduct/childFrames.ts';
import { accountEndpoints, type AccountTreeNode } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useLoaded } from '../../shared/list/useLoaded.ts';

/** A node of the selector: a customer account and, below it, its sub-accounts. */
export interface ClientNode extends NavUserClient {
  children?: ClientNode[];
}

/** The operator's own account and the accounts below it; the operator (userId) acts in each. */
async function source(): Promise<ClientNode[]> {
  const user = useClientStore.getState().user;
  if (!user) return [];
  const withUser = (nodes: AccountTreeNode[]): ClientNode[] =>
    nodes.map((n) => ({
      userId: user.userId,
      accountId: n.accountId,
      accountName: n.accountName,
      children: n.children.length ? withUser(n.children) : undefined,
    }));
  return withUser(await call(accountEndpoints.customerTree, undefined, { silent: true }));
}

const toTree = (nodes: ClientNode[]): object[] =>
  nodes.map((n) => ({ value: n.accountId, title: n.accountName, node: n, children: n.children ? toTree(n.children) : undefined }));

/** The vehicle-group selector, shown when a sub-product asks for it (showDownList). */
export function GroupSelector() {
  const client = useClientStore((s) => s.navUserClient);
  // quiet: a failed tree is an empty selector, not a toast over the page
  const { rows: nodes } = useLoaded(source, null, { silent: true, keepOnFailure: false });

  const find = (list: ClientNode[], id: number): ClientNode | undefined => {
    for (const n of list) {
      if (n.accountId === id) return n;
      const hit = n.children && find(n.children, id);
      if (hit) return hit;
    }
    return undefined;
  };

  return (
    <div className="cl-group-selector" data-testid="group-selector">
      <ApartmentOutlined />
      <TreeSelect
        size="small"
        variant="borderless"
        style={{ width: 150 }}
        placeholder={T.layout.groupPlaceholder}
        value={client?.accountId}
        treeData={toTree(nodes)}
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        popupMatchSelectWidth={240}
        onChange={(id: number) => {
          const picked = find(nodes, id);
          if (!picked) return;
          const next: NavUserClient = { userId: picked.userId, accountId: picked.accountId, accountName: picked.accountName };
          useClientStore.getState().update({ navUserClient: next });
          broadcastToChildren('changeClient', { client: next });
        }}
      />
    </div>
  );
}
