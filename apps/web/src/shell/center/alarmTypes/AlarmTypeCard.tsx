import type { ReactNode } from 'react';
import { Button, Card, Typography } from 'antd';
import { T } from '../../../shared/i18n/messages.ts';

interface Props {
  title: string;
  description: string;
  saving: boolean;
  onSave: () => void;
  testId: string;
  saveTestId: string;
  children: ReactNode;
}

/** The frame of a per-alarm-type settings page: title, save button, explanation, then the table. */
export function AlarmTypeCard({ title, description, saving, onSave, testId, saveTestId, children }: Props) {
  return (
    <Card
      variant="borderless"
      title={title}
      data-testid={testId}
      extra={
        <Button type="primary" loading={saving} onClick={onSave} data-testid={saveTestId}>
          {T.common.save}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
      {children}
    </Card>
  );
}
