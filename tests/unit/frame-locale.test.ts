import { describe, expect, it } from 'vitest';
import { parseGoogleTag } from '@/features/frame/google-tag';
import { columns } from '@/features/frame/frame-data.server';

describe('Google tag snippet', () => {
  it('keeps https script sources and the gtag config ids; drops other inline code', () => {
    const snippet = `<script async src="https://www.googletagmanager.com/gtag/js?id=G-1&amp;l=x"></script>
<script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} gtag('js', new Date()); gtag("config", "G-1");</script>
<script src="http://insecure.example/x.js"></script><script>alert(1)</script>`;
    expect(parseGoogleTag(snippet)).toEqual({
      sources: [{ src: 'https://www.googletagmanager.com/gtag/js?id=G-1&l=x', async: true }],
      configIds: ['G-1'],
    });
    expect(parseGoogleTag('')).toEqual({ sources: [], configIds: [] });
  });
});

describe('footer columns', () => {
  it('splits links into columns of 5', () => {
    expect(columns([1, 2, 3, 4, 5, 6, 7]).map((c) => c.length)).toEqual([5, 2]);
    expect(columns([])).toEqual([]);
  });
});

describe('start-up failure page', () => {
  it('answers 500 with the spec text and the escaped message', async () => {
    const { initFailureResponse } = await import('@/server/init-failure');
    const response = initFailureResponse(new Error('database <down>'));
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('An error occurred during initialization: database &#60;down&#62;');
  });
});

describe('start-up failure for API clients', () => {
  it('answers 500 with the JSON envelope and the spec text', async () => {
    const { initFailureResponse } = await import('@/server/init-failure');
    const response = initFailureResponse(new Error('database down'), { json: true });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      status: 'ERROR',
      code: 'internal_error',
      message: 'An error occurred during initialization: database down',
    });
  });
});
