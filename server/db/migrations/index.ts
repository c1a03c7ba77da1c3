// Every migration, in order. Add new ones at the end; never edit one that has shipped.
import type { Migration } from 'kysely';
import * as events from './0001-events';
import * as catalogueOrders from './0002-catalogue-orders';
import * as faceThreshold from './0003-face-threshold';
import * as paymentLifecycle from './0004-payment-lifecycle';
import * as leasesAndMarks from './0005-leases-and-marks';
import * as idempotencyRequest from './0006-idempotency-request';
import * as previewVersion from './0007-preview-version';
import * as selfieDeletionAndCamera from './0008-selfie-deletion-and-camera';
import * as facePeople from './0009-face-people';
import * as chargeClaims from './0010-charge-claims';
import * as bibs from './0011-bibs';
import * as liveUploads from './0012-live-uploads';
import * as photoAlerts from './0013-photo-alerts';
import * as alertMailLog from './0014-alert-mail-log';
import * as personalData from './0015-personal-data';
import * as raceResults from './0016-race-results';
import * as finisherCards from './0017-finisher-cards';

export const migrations: Record<string, Migration> = {
  '0001-events': events,
  '0002-catalogue-orders': catalogueOrders,
  '0003-face-threshold': faceThreshold,
  '0004-payment-lifecycle': paymentLifecycle,
  '0005-leases-and-marks': leasesAndMarks,
  '0006-idempotency-request': idempotencyRequest,
  '0007-preview-version': previewVersion,
  '0008-selfie-deletion-and-camera': selfieDeletionAndCamera,
  '0009-face-people': facePeople,
  '0010-charge-claims': chargeClaims,
  '0011-bibs': bibs,
  '0012-live-uploads': liveUploads,
  '0013-photo-alerts': photoAlerts,
  '0014-alert-mail-log': alertMailLog,
  '0015-personal-data': personalData,
  '0016-race-results': raceResults,
  '0017-finisher-cards': finisherCards,
};
