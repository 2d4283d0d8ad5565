import { Button, Modal, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined, RotateRightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useUiStore } from '../stores/uiStore.ts';
import { T } from '../i18n/messages.ts';

/** Global image viewer (spec §2): a click outside closes it, Esc does not. */
export function ImageViewer() {
  const { open, urls, index } = useUiStore((s) => s.image);
  const close = useUiStore((s) => s.closeImages);
  const [current, setCurrent] = useState(index);
  const [zoom, setZoom] = useState(1);
  const [rotate, setRotate] = useState(0);

  useEffect(() => {
    setCurrent(index);
    setZoom(1);
    setRotate(0);
  }, [index, urls, open]);

  const go = (step: number) => {
    setCurrent((c) => (c + step + urls.length) % urls.length);
    setZoom(1);
    setRotate(0);
  };

  return (
    <Modal
      open={open}
      title={T.imageViewer.title}
      footer={null}
      keyboard={false}
      mask={{ closable: true }}
      onCancel={close}
      width={760}
      centered
      destroyOnHidden
      className="cl-image-viewer"
    >
      <div
        style={{
          height: 440,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          background: '#f5f5f5',
          borderRadius: 6,
        }}
      >
        {urls[current] && (
          <img
            src={urls[current]}
            alt={T.imageViewer.counter(current + 1, urls.length)}
            style={{ maxWidth: '100%', maxHeight: '100%', transform: `scale(${zoom}) rotate(${rotate}deg)`, transition: 'transform .2s' }}
          />
        )}
      </div>
      <Space style={{ marginTop: 12, width: '100%', justifyContent: 'center' }}>
        <Button icon={<LeftOutlined />} disabled={urls.length < 2} onClick={() => go(-1)}>
          {T.imageViewer.prev}
        </Button>
        <Typography.Text type="secondary">{T.imageViewer.counter(current + 1, urls.length)}</Typography.Text>
        <Button disabled={urls.length < 2} onClick={() => go(1)}>
          {T.imageViewer.next} <RightOutlined />
        </Button>
        <Button icon={<ZoomInOutlined />} onClick={() => setZoom((z) => Math.min(3, z + 0.25))} />
        <Button icon={<ZoomOutOutlined />} onClick={() => setZoom((z) => Math.max(0.5, z - 0.25))} />
        <Button icon={<RotateRightOutlined />} onClick={() => setRotate((r) => r + 90)} />
      </Space>
    </Modal>
  );
}
