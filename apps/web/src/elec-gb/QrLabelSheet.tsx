import { useState } from 'react';
import { Button, Modal } from 'antd';
import { DownloadOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import type { GbBike } from '@chelian/contracts';
import { toast } from '../shared/ui/toast.ts';
import { qrImageUrl } from './qrImage.ts';
import { downloadLabelPng, downloadSheetPdf } from './qrLabels.ts';
import { G } from './messages.ts';

const D = G.declare;

/**
 * A4 sheet of QR labels (3 × 4 a page): previewed here, printed alone (print CSS hides the rest of
 * the page), saved as a PDF, or one label saved as a PNG.
 */
export function QrLabelSheet({ bikes, onClose }: { bikes: GbBike[]; onClose: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const run = (key: string, make: () => Promise<void>) => {
    setBusy(key);
    make()
      .catch(() => toast.error(D.downloadFailed))
      .finally(() => setBusy(null));
  };
  return (
    <Modal
      open={bikes.length > 0}
      title={D.printTitle}
      width={860}
      onCancel={onClose}
      destroyOnHidden
      data-testid="gb-print-modal"
      footer={[
        <span key="help" className="sp-muted" style={{ marginRight: 12 }}>
          {D.printHelp}
        </span>,
        <Button
          key="pdf"
          icon={<FilePdfOutlined />}
          loading={busy === 'pdf'}
          onClick={() => run('pdf', () => downloadSheetPdf(bikes))}
          data-testid="gb-download-pdf"
        >
          {D.downloadPdf}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="gb-print-run">
          {D.print}
        </Button>,
      ]}
    >
      <div className="gb-sheet gb-print-area" data-testid="gb-sheet">
        {bikes.map((b) => (
          <div className="gb-label" key={b.bikeId}>
            <div className="gb-label-title">{D.printTitle}</div>
            <img src={qrImageUrl(b.bikeId, 360)} alt={b.frameNo} />
            <div>{`${G.record.frameNo}：${b.frameNo}`}</div>
            <div>{[b.plate, b.brand, b.model].filter(Boolean).join(' ') || '\u00a0'}</div>
            <div className="sp-muted">{D.scanHint}</div>
            <Button
              className="gb-label-download"
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              loading={busy === `png${b.bikeId}`}
              onClick={() => run(`png${b.bikeId}`, () => downloadLabelPng(b))}
              data-testid="gb-download-png"
            >
              {D.downloadPng}
            </Button>
          </div>
        ))}
      </div>
    </Modal>
  );
}
