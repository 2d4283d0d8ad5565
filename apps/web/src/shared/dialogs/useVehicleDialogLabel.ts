import { useEffect } from 'react';
import { useUiStore } from '../stores/uiStore.ts';

/** A vehicle panel names its vehicle (plate) in the dialog's title once it knows it. */
export function useVehicleDialogLabel(dialogVehicleId: string | undefined, label: string | undefined): void {
  const labelVehicle = useUiStore((s) => s.labelVehicle);
  useEffect(() => {
    if (dialogVehicleId && label) labelVehicle(dialogVehicleId, label);
  }, [dialogVehicleId, label, labelVehicle]);
}
