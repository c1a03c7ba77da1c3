// The selfie picker on a server-rendered page: a file chosen before the app's code took the page over (a quick tap
// on a slow phone) is handed over once it does, not lost; an empty picker hands nothing over.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../lib/i18n';
import { SelfiePicker } from './SelfiePicker';

const picker = (onFile: (file: File) => void) => (
  <I18nProvider i18n={i18n}>
    <SelfiePicker disabled={false} onFile={onFile} />
  </I18nProvider>
);

/** The picker as the server sent it, its first input holding `files` as a tap before hydration leaves it. */
function serverPage(files: File[]): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(picker(() => undefined));
  const input = container.querySelector('input.selfie-input') as HTMLInputElement;
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  document.body.append(container);
  return container;
}

describe('SelfiePicker', () => {
  beforeAll(() => activateLanguage('th'));

  it('hands over a file chosen before the page was hydrated', async () => {
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    const container = serverPage([file]);
    const onFile = vi.fn();
    await act(async () => {
      hydrateRoot(container, picker(onFile));
    });
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(onFile).toHaveBeenCalledWith(file);
    container.remove();
  });

  it('hands nothing over when nothing was chosen', async () => {
    const container = serverPage([]);
    const onFile = vi.fn();
    await act(async () => {
      hydrateRoot(container, picker(onFile));
    });
    expect(onFile).not.toHaveBeenCalled();
    container.remove();
  });
});
