import { describe, expect, it } from 'vitest';
import { DEFAULT_TELEMETRY_RETENTION_DAYS, loadConfig } from './config.js';

describe('config: TELEMETRY_RETENTION_DAYS', () => {
  it('defaults to 400 days, more than the year the owner summaries look back', () => {
    expect(DEFAULT_TELEMETRY_RETENTION_DAYS).toBe(400);
    expect(loadConfig({}).telemetryRetentionDays).toBe(400);
    expect(loadConfig({ TELEMETRY_RETENTION_DAYS: '' }).telemetryRetentionDays).toBe(400);
  });

  it('takes a whole number of days; 0 turns pruning off', () => {
    expect(loadConfig({ TELEMETRY_RETENTION_DAYS: '90' }).telemetryRetentionDays).toBe(90);
    expect(loadConfig({ TELEMETRY_RETENTION_DAYS: '0' }).telemetryRetentionDays).toBe(0);
  });

  it.each(['-1', '1.5', '30d', 'forever', 'NaN'])(
    'refuses %j at start-up, naming the variable',
    (v) => {
      expect(() => loadConfig({ TELEMETRY_RETENTION_DAYS: v })).toThrow(
        `TELEMETRY_RETENTION_DAYS must be a whole number, 0 or more, got '${v}'`,
      );
    },
  );

  it('refuses more than a century, whose cut-off would leave the range of epoch milliseconds', () => {
    expect(loadConfig({ TELEMETRY_RETENTION_DAYS: '36500' }).telemetryRetentionDays).toBe(36_500);
    expect(() => loadConfig({ TELEMETRY_RETENTION_DAYS: '1e300' })).toThrow(
      "TELEMETRY_RETENTION_DAYS must be at most 36500 (0 keeps telemetry forever), got '1e300'",
    );
  });
});
