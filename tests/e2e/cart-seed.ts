// Carts written straight into the app's IndexedDB, and photos of the demo events to put in them, for the journeys
// that test what a cart page shows (the search pages are tested on their own).
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export type Kind = 'standard' | 'wholesale' | 'manual';
export interface CartItem {
  id: number;
  event_id: number;
  event_key: string;
  thumbnail_file_name: string;
  original_file_name: string;
  preview_file_name: string;
}

export async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api${path}`, { data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export async function eventId(request: APIRequestContext, key: string): Promise<number> {
  const answer = await (await request.get(`/api/v1/events/${key}`)).json();
  return answer.body.event_id;
}

/** Photos of a stage event, as the stage page would add them. */
export async function stagePhotos(
  request: APIRequestContext,
  key: string,
  count: number,
): Promise<CartItem[]> {
  const id = await eventId(request, key);
  const { body } = await post<{ body: Omit<CartItem, 'event_key'>[] }>(request, '/v1/imagestage/pagination', {
    event_key: key,
    event_id: id,
    page: 1,
  });
  return body.slice(0, count).map((p) => ({
    id: p.id,
    event_id: p.event_id,
    event_key: key,
    thumbnail_file_name: p.thumbnail_file_name,
    original_file_name: p.original_file_name,
    preview_file_name: p.preview_file_name,
  }));
}

/** Highlight photos of any event (they carry no original name: the server looks photos up by id). */
export async function highlightPhotos(
  request: APIRequestContext,
  key: string,
  count: number,
): Promise<CartItem[]> {
  const id = await eventId(request, key);
  const { body } = await post<{
    body: { id: number; thumbnail_file_name: string; preview_file_name: string }[];
  }>(request, '/v1/facesearch/highlight', { event_key: key });
  expect(body.length).toBeGreaterThanOrEqual(count);
  return body.slice(0, count).map((p) => ({
    id: p.id,
    event_id: id,
    event_key: key,
    thumbnail_file_name: p.thumbnail_file_name,
    original_file_name: '',
    preview_file_name: p.preview_file_name,
  }));
}

/**
 * Writes a cart straight into the app's IndexedDB (database "runfoto", created by the app on its first cart
 * page), then reloads so the page reads it.
 */
export async function seed(
  page: Page,
  kind: Kind,
  lists: { cart?: CartItem[]; latest?: CartItem[]; flag?: 'YES' | 'NO' },
): Promise<void> {
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForFunction(async () => (await indexedDB.databases()).some((db) => db.name === 'runfoto'));
  await page.evaluate(
    ({ kind, lists }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('runfoto');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['cart', 'cart_latest', 'mhao'], 'readwrite');
          for (const item of lists.cart ?? []) tx.objectStore('cart').add({ ...item, kind });
          for (const item of lists.latest ?? []) tx.objectStore('cart_latest').add({ ...item, kind });
          if (lists.flag) tx.objectStore('mhao').put({ kind, flag: lists.flag });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { kind, lists },
  );
}
