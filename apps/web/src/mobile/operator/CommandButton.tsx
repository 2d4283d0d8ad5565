import { useState } from 'react';
import { ActionSheet, Button, Dialog, Toast } from 'antd-mobile';
import { errorText } from '../../shared/request/RequestError.ts';
import { T } from '../../shared/i18n/messages.ts';
import { checkCommand, PHONE_COMMANDS, sendCommand, type PhoneCommand } from './commands.ts';
import { O } from './texts.ts';

const C = O.command;

/** 下发指令: pick one, the server says whether the terminal can take it, confirm, send. */
export function CommandButton({ terminalId, plate }: { terminalId: string; plate: string }) {
  const [open, setOpen] = useState(false);

  const run = async (command: PhoneCommand) => {
    setOpen(false);
    try {
      const reason = await checkCommand(terminalId, command.type);
      if (reason) {
        Toast.show({ content: C.cannot(reason) });
        return;
      }
      const ok = await Dialog.confirm({
        title: command.name,
        content: (
          <div>
            <p>{C.confirm(command.name, plate)}</p>
            {command.danger && <p className="m-muted">{C.dangerNote}</p>}
          </div>
        ),
      });
      if (!ok) return;
      const item = await sendCommand(terminalId, command.type);
      if (!item || item.status === 'unsupported') Toast.show({ content: C.failed(item?.reason ?? '') });
      else Toast.show({ icon: 'success', content: item.status === 'queued' ? C.queued(command.name) : C.sent(command.name) });
    } catch (error) {
      Toast.show({ content: errorText(error, T.request.networkError) });
    }
  };

  return (
    <>
      <Button color="primary" fill="outline" size="large" onClick={() => setOpen(true)} data-testid="mo-commands">
        {O.vehicle.commands}
      </Button>
      <ActionSheet
        visible={open}
        extra={C.sheet}
        cancelText={C.cancel}
        onClose={() => setOpen(false)}
        actions={PHONE_COMMANDS.map((c) => ({ key: c.type, text: c.name, danger: c.danger, onClick: () => void run(c) }))}
      />
    </>
  );
}
