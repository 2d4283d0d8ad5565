import { create } from 'zustand';

/** Whether the 导出记录 drawer is open: the export button opens it after queueing a large report. */
export const useExportRecords = create<{ open: boolean; show: () => void; hide: () => void }>((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
