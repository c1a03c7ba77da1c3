// What every route and service gets: the database, the object store, the clock and the app settings.
import type { Db } from './db/database';
import type { FaceSearchEngine, SelfiePreparation } from './faces/engine';
import type { PushKeys } from './services/alerts/push-keys';
import type { OwnAddressSettings } from './services/own-address';
import type { PaymentGateway } from './services/payments/gateway';
import type { CodeSenders } from './services/privacy/codes';
import type { ObjectStore } from './storage/object-store';

export interface AppContext {
  db: Db;
  store: ObjectStore;
  now: () => Date;
  /** The fixed application token of SPEC §3 that inquiry, find-order and conf check. */
  appToken: string;
  /** The payment gateway (PAYMENT_GATEWAY): its name is what utils/conf answers and orders record. */
  payments: PaymentGateway;
  /**
   * The store's public address (PUBLIC_BASE_URL); undefined: a request's own origin when its host is allowed, else
   * the listener's (ownAddress; services/own-address.ts).
   */
  publicBaseUrl: string | undefined;
  /** Without PUBLIC_BASE_URL: the request hosts written into public answers (ALLOWED_HOSTS), and the listener's address. */
  ownAddress: OwnAddressSettings;
  /** Finds an event's photos from a selfie's face, or from a known face. */
  faces: FaceSearchEngine;
  /** Gets uploaded selfies ready before their search asks, and says how long the queue of them is. */
  selfies: SelfiePreparation;
  /** The secret of the photos' passes (services/photo-pass.ts): every API process of the store has the same. */
  photoPassSecret: string;
  /**
   * Face and bib confirm each other in face searches (server/bibs/fusion.ts); default on. `npm run
   * bench:bibs` measures the searches with it off too.
   */
  bibFusion?: boolean;
  /**
   * Runners' alerts of new photos: whether the store sends e-mail, the VAPID keys of push messages, and the push
   * services a subscription may point at (PUSH_SERVICES). Absent (tests that do not need them): alerts by push only,
   * to the browsers' own push services, with keys made on first use.
   */
  alerts?: { canEmail: boolean; pushKeys(): Promise<PushKeys>; pushServices: readonly string[] };
  /** Where one-time codes go: the store's SMTP and SMS provider (absent: a demo store logs them). */
  senders?: CodeSenders;
  /**
   * Days an order's phone and e-mail are kept for the accounts, then erased (ORDER_CONTACT_DAYS). Absent (contexts
   * made without a config, as in tests): core/constants' ORDER_CONTACT_DAYS.
   */
  orderContactDays?: number;
}
