import { ErrorBlock, NavBar } from 'antd-mobile';

/** A persona's page that is not built yet: its title and a plain 即将上线. */
export default function ComingSoon({ title }: { title: string }) {
  return (
    <div className="m-page">
      <NavBar back={null}>{title}</NavBar>
      <ErrorBlock status="empty" title="即将上线" description={`${title}的手机页面正在建设中`} />
    </div>
  );
}
