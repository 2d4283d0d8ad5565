// Imported from here by the map layers (another engineer's area); everything else imports these
// from @chelian/contracts, where the car app's API shapes are defined once for server and web.
export type { Geofence, Track, Vehicle } from '@chelian/contracts';
