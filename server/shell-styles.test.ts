import { describe, expect, it } from 'vitest';
import { inlineShellStyles } from './shell-styles';

const SHELL = [
  '<head>',
  '<link rel="stylesheet" crossorigin href="/assets/app-start-A1.css">',
  '<link rel="stylesheet" crossorigin href="/assets/index-B2.css">',
  '<link rel="icon" href="/favicon.svg">',
  '</head>',
].join('');

describe('the shell with its styles inlined', () => {
  it('puts each built stylesheet in a <style>, in order, and keeps its link disabled for the preload helper', () => {
    const files: Record<string, string> = {
      '/assets/app-start-A1.css': '.a{color:red}',
      '/assets/index-B2.css': '@font-face{src:url(/assets/f.woff2)}',
    };
    expect(inlineShellStyles(SHELL, (address) => files[address])).toBe(
      [
        '<head>',
        '<style>.a{color:red}</style><link rel="stylesheet" crossorigin href="/assets/app-start-A1.css" disabled>',
        '<style>@font-face{src:url(/assets/f.woff2)}</style>',
        '<link rel="stylesheet" crossorigin href="/assets/index-B2.css" disabled>',
        '<link rel="icon" href="/favicon.svg">',
        '</head>',
      ].join(''),
    );
  });

  it('leaves a link as it is when its file cannot be read or could close the element', () => {
    const files: Record<string, string> = { '/assets/index-B2.css': 'a::after{content:"</style><script>"}' };
    expect(inlineShellStyles(SHELL, (address) => files[address])).toBe(SHELL);
  });
});
