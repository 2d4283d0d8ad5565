import type { ModalProps } from 'antd';

/**
 * For a form dialog taller than a small screen: centred, and its body scrolls, so the footer's
 * 保存 stays in view at 1366×768, where the shell's zoom is 1 (新增车辆 ran off the bottom).
 */
export const FIT_SCREEN_MODAL: Pick<ModalProps, 'centered' | 'styles'> = {
  centered: true,
  styles: { body: { maxHeight: 'calc(100vh - 170px)', overflowY: 'auto', overflowX: 'hidden' } },
};
