import { describe, expect, it } from 'vitest';
import { hiddenLinksLabel, hiddenLinksSentence, previewHtml } from './hidden-links';

describe('hidden one-time links in the Outbox', () => {
  it('says what was sent, and that it is not shown', () => {
    expect(hiddenLinksSentence([])).toBeNull();
    expect(hiddenLinksSentence(['password link'])).toBe(
      'A password link was sent to the recipient only; the Outbox never shows it.',
    );
    expect(hiddenLinksSentence(['email link'])).toMatch(/^An email link was/);
    expect(hiddenLinksSentence(['password link', 'confirmation link'])).toBe(
      '2 one-time links were sent to the recipient only; the Outbox never shows them.',
    );
    expect(hiddenLinksLabel(['password link'])).toBe('password link hidden');
    expect(hiddenLinksLabel([])).toBeNull();
  });

  it("points the preview's button for a hidden link nowhere, and leaves other links", () => {
    const html =
      '<a href="[password link: sent to the recipient only]">Go</a> <a href="https://x.example/t">Track</a>';
    expect(previewHtml(html)).toBe('<a href="#">Go</a> <a href="https://x.example/t">Track</a>');
  });
});
