import type { Feature } from '../feature.ts';

export const alarmDeliveryFeature: Feature = {
  name: 'alarmDelivery',
  routes: async () => [(await import('./alarmDelivery.routes.ts')).alarmDeliveryRoutes],
  // Browser notices, SMS, webhooks and MQTT (docs/alarm-delivery.md).
  jobs: async () => {
    const { startAlarmDelivery } = await import('./alarmDelivery.worker.ts');
    return [(ctx) => startAlarmDelivery(ctx).stop];
  },
};
