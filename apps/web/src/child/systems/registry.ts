import type { RouteObject } from 'react-router';
import type { ChildSystemId } from '../../shared/systems/childSystems.ts';
import { carRoutes } from '../../car/routes.tsx';
import { dataReportRoutes } from '../../data-report/routes.tsx';
import { dataCenterRoutes } from '../../data-center/routes.tsx';
import { systemRoutes } from '../../system/routes.tsx';
import { elecCarRoutes } from '../../elec-car/routes.tsx';
import { cardRoutes } from '../../card/routes.tsx';
import { elecLeaseRoutes } from '../../elec-lease/routes.tsx';
import { elecGbPublicRoutes, elecGbRoutes } from '../../elec-gb/routes.tsx';
import { petRoutes } from '../../pet/routes.tsx';

/**
 * Per sub-product: its own routes (each product's issue adds its pages here; paths not listed
 * fall back to the module page) and whether it asks the shell for the vehicle-group selector.
 */
export interface ChildSystemDefinition {
  routes: RouteObject[];
  groupSelector: boolean;
  /** Pages that open without a login, outside the app's frame (e.g. a public form a QR code leads to). */
  publicRoutes?: RouteObject[];
}

const fleet = (): ChildSystemDefinition => ({ routes: [], groupSelector: true });
const admin = (): ChildSystemDefinition => ({ routes: [], groupSelector: false });

export const CHILD_SYSTEM_DEFINITIONS: Record<ChildSystemId, ChildSystemDefinition> = {
  car: { ...fleet(), routes: carRoutes },
  card: { ...fleet(), routes: cardRoutes },
  system: { ...admin(), routes: systemRoutes },
  pet: { ...fleet(), routes: petRoutes },
  dataCenter: { ...admin(), routes: dataCenterRoutes },
  'elec-car': { ...fleet(), routes: elecCarRoutes },
  'data-report': { ...fleet(), routes: dataReportRoutes },
  'elec-lease': { ...admin(), routes: elecLeaseRoutes },
  'elec-gb': { ...admin(), routes: elecGbRoutes, publicRoutes: elecGbPublicRoutes },
};
