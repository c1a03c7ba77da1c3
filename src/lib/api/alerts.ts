// A runner's alerts of new photos (core/contract/alerts.ts).
import {
  type AlertRequest,
  type AlertState,
  alertAnswerSchema,
  alertConfirmPath,
  alertCreatedAnswerSchema,
  alertPath,
  alertPushKeyAnswerSchema,
  alertPushKeyPath,
  alertsPath,
} from '../../../core/contract/alerts';
import { type FaceSearchAnswer, faceSearchAnswerSchema } from '../../../core/contract/facesearch';
import { getJson, postJson } from './client';

/** The store's VAPID public key: the push subscription's applicationServerKey. */
export async function fetchPushKey(signal?: AbortSignal): Promise<string> {
  return (await getJson(alertPushKeyPath, alertPushKeyAnswerSchema, signal)).body.public_key;
}

export async function createAlert(
  request: AlertRequest,
  signal?: AbortSignal,
): Promise<{ token: string; alert: AlertState }> {
  return (await postJson(alertsPath, request, alertCreatedAnswerSchema, signal)).body;
}

export async function fetchAlert(token: string, signal?: AbortSignal): Promise<AlertState> {
  return (await getJson(alertPath(token), alertAnswerSchema, signal)).body;
}

/** The alert's photos found so far, newest first, answered as a face search is. */
export function fetchAlertPhotos(token: string, signal?: AbortSignal): Promise<FaceSearchAnswer> {
  return getJson(`${alertPath(token)}/photos`, faceSearchAnswerSchema, signal);
}

export async function stopAlert(token: string, signal?: AbortSignal): Promise<AlertState> {
  return (await postJson(`${alertPath(token)}/stop`, {}, alertAnswerSchema, signal)).body;
}

export async function confirmAlert(secret: string, signal?: AbortSignal): Promise<AlertState> {
  return (await postJson(alertConfirmPath, { secret }, alertAnswerSchema, signal)).body;
}
