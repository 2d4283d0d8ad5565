import type { ReactNode } from 'react';
import { Button, Empty, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { usePermission } from '../permission/usePermission.ts';
import './subProduct.css';

/**
 * What a page about the user's own things (bikes, pets) shows before there is any: why it is
 * empty, and the button to the page that adds one for a user allowed to.
 */
export function NoneYet({
  text,
  action,
  to,
  permission,
  testId,
}: {
  text: string;
  /** the button's words (去绑定, 去添加) */
  action: string;
  /** the sub-product's page that adds one */
  to: string;
  /** who may add one */
  permission: string;
  testId: string;
}) {
  const navigate = useNavigate();
  const canAdd = usePermission(permission);
  return (
    <Empty className="sp-empty" description={text} data-testid={testId}>
      {canAdd && (
        <Button type="primary" onClick={() => navigate(to)}>
          {action}
        </Button>
      )}
    </Empty>
  );
}

/**
 * The frame of a page about one of the user's own things (电单车卫士's bike, 宠物卫士's pet): a
 * spinner while they load, `none` when there is none, else the toolbar card (title, the picker
 * for the chosen one, the page's tools) and the page's body for it.
 */
export function OwnAssetPage<A>({
  title,
  testId,
  loading,
  asset,
  none,
  picker,
  tools,
  children,
}: {
  title: string;
  testId: string;
  loading: boolean;
  /** the one the page is about, null while there is none */
  asset: A | null;
  none: ReactNode;
  picker: (asset: A) => ReactNode;
  tools?: ReactNode;
  children: (asset: A) => ReactNode;
}) {
  if (loading) return <Spin className="sp-empty" style={{ display: 'block' }} />;
  if (asset === null) return none;
  return (
    <div className="sp-page" data-testid={testId}>
      <section className="sp-card sp-toolbar">
        <span className="sp-title">{title}</span>
        {picker(asset)}
        {tools}
      </section>
      {children(asset)}
    </div>
  );
}
