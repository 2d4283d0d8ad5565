import { create } from 'zustand';
import type { VehicleTab } from '../bridge/bridgeTypes.ts';

/** Session-only UI state shared by the global dialogs, the header and the message bridge. */
interface UiState {
  /** label: the plate a panel found for vehicleId, shown in the dialog's title instead of the id */
  vehicle: { open: boolean; vehicleId: string; tab: VehicleTab; label?: string };
  image: { open: boolean; urls: string[]; index: number };
  /** a sub-product asked for the vehicle-group selector (showDownList) */
  downList: boolean;
  /** the current sub-product menu title (updateMenu), shown in the document title */
  subTitle: string;
  assistantReady: boolean;
  alarmTipDismissedAt: number;
  openVehicle(vehicleId: string, tab: VehicleTab): void;
  closeVehicle(): void;
  labelVehicle(vehicleId: string, label: string): void;
  openImages(urls: string[], index?: number): void;
  closeImages(): void;
  set(patch: Partial<Pick<UiState, 'downList' | 'subTitle' | 'assistantReady' | 'alarmTipDismissedAt'>>): void;
}

export const useUiStore = create<UiState>()((set) => ({
  vehicle: { open: false, vehicleId: '', tab: '' },
  image: { open: false, urls: [], index: 0 },
  downList: false,
  subTitle: '',
  assistantReady: false,
  alarmTipDismissedAt: 0,
  openVehicle: (vehicleId, tab) =>
    set((s) => ({ vehicle: { open: true, vehicleId, tab, label: s.vehicle.vehicleId === vehicleId ? s.vehicle.label : undefined } })),
  closeVehicle: () => set((s) => ({ vehicle: { ...s.vehicle, open: false } })),
  labelVehicle: (vehicleId, label) =>
    set((s) => (s.vehicle.vehicleId === vehicleId && s.vehicle.label !== label ? { vehicle: { ...s.vehicle, label } } : s)),
  openImages: (urls, index = 0) => {
    if (urls.length === 0) return;
    set({ image: { open: true, urls, index: Math.min(Math.max(0, index), urls.length - 1) } });
  },
  closeImages: () => set((s) => ({ image: { ...s.image, open: false } })),
  set: (patch) => set(patch),
}));
