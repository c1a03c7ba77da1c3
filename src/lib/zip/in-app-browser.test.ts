import { describe, expect, it } from 'vitest';
import { isInAppBrowser } from './in-app-browser';

const uas = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  line: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.9.0',
  facebook:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.0]',
  instagram:
    'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 Instagram 330.0',
  tiktok:
    'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 trill_330 BytedanceWebview/d8a21c6 TikTok',
  twitter:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Twitter for iPhone/10.50',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; K; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36',
  genericWebView:
    'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 SomeApp WebView',
};

describe('isInAppBrowser', () => {
  it('lets Chrome and Safari download', () => {
    expect(isInAppBrowser(uas.chromeAndroid)).toBe(false);
    expect(isInAppBrowser(uas.safariIphone)).toBe(false);
    expect(isInAppBrowser(uas.desktopChrome)).toBe(false);
  });

  it.each([
    'line',
    'facebook',
    'instagram',
    'tiktok',
    'twitter',
    'androidWebView',
    'genericWebView',
  ] as const)('blocks %s', (name) => {
    expect(isInAppBrowser(uas[name])).toBe(true);
  });
});
