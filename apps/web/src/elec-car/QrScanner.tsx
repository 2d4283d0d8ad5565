import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from 'antd';
import { E } from './messages.ts';

/** The browser's own QR reader (Chromium's BarcodeDetector), where there is one. */
interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
const DetectorCtor = (globalThis as { BarcodeDetector?: new (o: { formats: string[] }) => Detector }).BarcodeDetector;

/** Optional camera scan: the text of the first QR code seen goes into the IMEI field (the server reads the IMEI out of it). */
export function QrScanner({ onText, onClose }: { onText: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(DetectorCtor && navigator.mediaDevices ? null : E.bikes.scanUnsupported);
  useEffect(() => {
    if (error || !DetectorCtor) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const detector = new DetectorCtor({ formats: ['qr_code'] });
    const look = async () => {
      if (stopped || !video.current) return;
      const [code] = await detector.detect(video.current).catch(() => []);
      if (code?.rawValue) onText(code.rawValue);
      else setTimeout(() => void look(), 300);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then((s) => {
        stream = s;
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play().then(look);
        }
      })
      .catch(() => setError(E.bikes.scanFailed));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [error, onText]);

  if (error) return <Alert type="info" showIcon message={error} closable onClose={onClose} style={{ marginBottom: 12 }} />;
  return (
    <div style={{ marginBottom: 12, textAlign: 'center' }}>
      <video ref={video} muted playsInline style={{ width: '100%', maxHeight: 240, background: '#000', borderRadius: 6 }} />
      <div className="sp-muted">
        {E.bikes.scanning}{' '}
        <Button size="small" type="link" onClick={onClose}>
          {E.common.cancel}
        </Button>
      </div>
    </div>
  );
}
