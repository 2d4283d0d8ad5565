import { useEffect, useRef } from 'react';
import { Button, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { S } from '../messages.ts';

const N = S.notice;

/**
 * A small rich-text box (contentEditable with bold, italic, underline, lists and links). What it
 * produces is only a draft: the server keeps nothing outside its allow-list.
 */
export function RichTextEditor({ value, onChange }: { value?: string; onChange?: (html: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (box.current && box.current.innerHTML !== (value ?? '')) box.current.innerHTML = value ?? '';
  }, [value]);

  const emit = () => onChange?.(box.current?.innerHTML ?? '');
  const exec = (command: string, arg?: string) => {
    box.current?.focus();
    // execCommand is deprecated but still the one editing API every browser ships for this.
    document.execCommand(command, false, arg);
    emit();
  };
  const link = () => {
    const url = window.prompt(N.linkPrompt, 'https://');
    if (url && /^https?:\/\/\S+$/i.test(url)) exec('createLink', url);
  };
  const tool = (title: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={title}>
      <Button size="small" type="text" icon={icon} onMouseDown={(e) => e.preventDefault()} onClick={onClick} aria-label={title} />
    </Tooltip>
  );

  return (
    <div className="sys-rte">
      <Space size={2} className="sys-rte-toolbar">
        {tool(N.bold, <BoldOutlined />, () => exec('bold'))}
        {tool(N.italic, <ItalicOutlined />, () => exec('italic'))}
        {tool(N.underline, <UnderlineOutlined />, () => exec('underline'))}
        {tool(N.list, <UnorderedListOutlined />, () => exec('insertUnorderedList'))}
        {tool(N.list, <OrderedListOutlined />, () => exec('insertOrderedList'))}
        {tool(N.link, <LinkOutlined />, link)}
        {tool(N.clear, <ClearOutlined />, () => exec('removeFormat'))}
      </Space>
      <div
        ref={box}
        className="sys-rte-body sys-rich-text"
        contentEditable
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        data-testid="notice-editor"
      />
    </div>
  );
}
