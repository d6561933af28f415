import { defaultPackageLimits, Package } from '@assess/contracts/access';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { assertOmrEnabled, assertWithinLicence, LICENCE_LIMIT } from './licence';

const trial = { licence: defaultPackageLimits[Package.Trial] };

describe('assertWithinLicence', () => {
  it('lets the last allowed item through', () => {
    expect(() => assertWithinLicence(trial, 'Students', trial.licence.Students - 1)).not.toThrow();
  });
  it('refuses one more with 403 and the spec message', () => {
    let error: unknown;
    try {
      assertWithinLicence(trial, 'Students', trial.licence.Students);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 403,
      code: LICENCE_LIMIT,
      message: 'Need to upgrade License for adding more students',
    });
  });
  it('counts a batch as a whole', () => {
    expect(() => assertWithinLicence(trial, 'Students', 0, trial.licence.Students + 1)).toThrow(AppError);
  });
  it('OMR needs the package flag', () => {
    expect(() => assertOmrEnabled(trial)).toThrow(AppError);
    expect(() => assertOmrEnabled({ licence: defaultPackageLimits[Package.Gold] })).not.toThrow();
  });
});
