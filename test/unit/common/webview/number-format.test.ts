import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatResultNumber, supportedLocale } from '../../../../common/webview/number-format';

describe('formatResultNumber', () => {
  it('groups counts whole, exactly beyond 2^53', () => {
    assert.equal(formatResultNumber('1234567', 'count', 'en'), '1,234,567');
    assert.equal(formatResultNumber('9007199254740993', 'count', 'en'), '9,007,199,254,740,993');
    assert.equal(formatResultNumber('1234567', 'count', 'de'), '1.234.567');
    assert.equal(formatResultNumber('0', 'count', 'en'), '0');
  });

  it('writes an average to two decimals in the locale, not as JavaScript prints it', () => {
    assert.equal(formatResultNumber('73995.18000000001', 'measure', 'en'), '73,995.18');
    assert.equal(formatResultNumber('73995.18000000001', 'measure', 'de'), '73.995,18');
    assert.equal(formatResultNumber('1234.5', 'measure', 'fr').replace(/\s/g, ' '), '1 234,5');
    assert.equal(formatResultNumber('250000', 'measure', 'en'), '250,000');
  });

  it('keeps three significant digits of a measure below 1, so it never reads 0', () => {
    assert.equal(formatResultNumber('0.000123456', 'measure', 'en'), '0.000123');
    assert.equal(formatResultNumber('-0.5', 'measure', 'en'), '-0.5');
  });

  it('leaves text that is not a number as it is, and falls back to en for a tag Intl refuses', () => {
    assert.equal(formatResultNumber('redacted', 'count', 'en'), 'redacted');
    assert.equal(formatResultNumber('NaN', 'measure', 'en'), 'NaN');
    assert.equal(supportedLocale('not a locale!'), 'en');
    assert.equal(formatResultNumber('1234', 'count', 'not a locale!'), '1,234');
  });
});
