// Photos to order on a store process of a test's own: the first photos of one of the demo's stage events, found the
// way the event's page finds them (its id from the event call, then the stage's first page). Tests only.

/** The id of an event of the store at `base`. */
export async function eventIdOf(base: string, eventKey: string): Promise<number> {
  const answer = (await (await fetch(`${base}/api/v1/events/${eventKey}`)).json()) as {
    body: { event_id: number };
  };
  return answer.body.event_id;
}

/** The first `count` photos of the stage event `eventKey`, as an order's imageList holds them. */
export async function stagePhotos(base: string, eventKey: string, count: number): Promise<{ id: number }[]> {
  const response = await fetch(`${base}/api/v1/imagestage/pagination`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      event_id: await eventIdOf(base, eventKey),
      event_key: eventKey,
      page: 1,
      page_size: count,
    }),
  });
  const answer = (await response.json()) as { body: { id: number }[] };
  return answer.body.map((photo) => ({ id: photo.id }));
}
