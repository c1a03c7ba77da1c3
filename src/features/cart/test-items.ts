// Cart items for tests: photo n of an event.
import type { CartItem } from './cart-types';

export function photo(id: number, eventId = 1, eventKey = `event-${eventId}`): CartItem {
  return {
    id,
    event_id: eventId,
    event_key: eventKey,
    thumbnail_file_name: `t${id}.jpg`,
    original_file_name: `o${id}.jpg`,
    preview_file_name: `p${id}.jpg`,
  };
}
