import { createEvent, fireEvent } from '@testing-library/react';

/**
 * What a browser fires when the user changes a field (types, picks a file, chooses an option): `input`, then
 * `change`. @testing-library/react's `fireEvent.change` fires only `input` under React's API (preact/compat
 * listens to `input` for a text field's onChange), which would miss the `change` listeners of file pickers and
 * selects.
 */
export function changeField(element: Element, init?: object): void {
  fireEvent.input(element, init);
  fireEvent(element, createEvent.change(element));
}
