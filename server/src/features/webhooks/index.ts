// What the rest of the server may use of this feature; its other files are private (biome.json).
export { webhookDeliveryStep } from './webhook-delivery.step.ts';
export { queueWebhookEvent, queueWebhookEvents } from './webhook-events.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
