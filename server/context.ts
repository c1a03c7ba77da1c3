// What every route and service gets: the database, the object store, the clock and the app settings.
import type { Db } from './db/database';
import type { FaceSearchEngine } from './faces/engine';
import type { ObjectStore } from './storage/object-store';

export interface AppContext {
  db: Db;
  store: ObjectStore;
  now: () => Date;
  /** The fixed application token of SPEC §3 that inquiry, find-order and conf check. */
  appToken: string;
  /** The gateway name utils/conf answers ("" makes the client alert the administrator). */
  paymentGatewayName: string;
  /** Finds an event's photos from a selfie. */
  faces: FaceSearchEngine;
}
