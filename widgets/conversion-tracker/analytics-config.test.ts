import { describe, expect, it } from 'vitest';
import { parseTestSection } from '../../test/island-context.ts';
import { DEFAULT_CONVERSIONS, parseAnalyticsConfig } from './analytics-config.ts';

const parse = (json: Record<string, unknown>) => parseTestSection(parseAnalyticsConfig, json);

describe('the analytics config', () => {
  it('defaults to the SPEC goals, values and currency', () => {
    const { config, problems } = parse({});
    expect(problems).toEqual([]);
    expect(config.conversions).toBe(DEFAULT_CONVERSIONS);
    const [donation, signUp] = config.conversions;
    expect(donation).toMatchObject({ path: '/thank-you/', value: 200.0, currency: 'USD' });
    expect(donation?.events.map((e) => e.name)).toEqual([
      'purchase',
      'donation',
      'donation_thank_you_page',
      'completed_donation_w__screening_question',
    ]);
    expect(signUp).toMatchObject({ path: '/sign-up/sign-up-complete/', value: 0.0, currency: 'USD' });
    expect(signUp?.events.map((e) => e.name)).toEqual(['pick_up_provider_sign_up___all_details']);
    expect(config).toMatchObject({ siteSearch: false, transactionId: '' });
    expect(config.searchParams).toEqual(['q', 's', 'search', 'query', 'keyword']);
  });

  it('reads configured conversions with their send_to ids', () => {
    const { config } = parse({
      analytics: {
        conversions: [
          {
            path: '/gracias/',
            value: 150,
            currency: 'EUR',
            events: [{ name: 'donation', sendTo: 'AW-1/x' }],
          },
        ],
        siteSearch: true,
      },
    });
    expect(config.conversions).toEqual([
      { path: '/gracias/', value: 150, currency: 'EUR', events: [{ name: 'donation', sendTo: 'AW-1/x' }] },
    ]);
    expect(config.siteSearch).toBe(true);
  });

  it('names each bad nested key by its path and keeps its default', () => {
    const { config, problems } = parse({
      analytics: {
        siteSearch: 'yes',
        conversions: [{ path: 'thank-you', value: 5, events: [{ name: 'a b' }] }, 7],
      },
    });
    expect(problems).toEqual([
      'analytics.conversions[1]: an object',
      'analytics.conversions[0].path: a path starting with /',
      'analytics.conversions[0].events[0].name: an event name (letters, digits, _)',
      'analytics.siteSearch: true or false',
    ]);
    expect(config.siteSearch).toBe(false);
    expect(config.conversions).toHaveLength(1);
  });
});
