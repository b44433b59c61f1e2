import { describe, expect, it } from 'vitest';
import { INTAKE, INTAKE_NOTICES } from './copy.ts';
import { intakeNotice, readIntakeNotice } from './intake-notice.ts';
import { UPLOAD_NOTICES, type UploadNotice } from './uploads/copy.ts';

/** The form-outcome cookie's rule for a notice code (src/server/http/form-outcome.ts). */
const NOTICE_CODE = /^[a-z0-9-]+$/;

describe('the intake page’s one notice code', () => {
  it('carries the page’s notice, the panel’s, or both, and reads back each part', () => {
    expect(intakeNotice('saved')).toBe('saved');
    expect(intakeNotice(undefined, 'done')).toBe('upload-done');
    expect(intakeNotice('saved', 'done')).toBe('saved-upload-done');
    expect(intakeNotice()).toBeUndefined();
    expect(readIntakeNotice('saved-upload-done')).toEqual({ page: 'saved', upload: 'done' });
    expect(readIntakeNotice('upload-too-large')).toEqual({ upload: 'too-large' });
    expect(readIntakeNotice('conflict')).toEqual({ page: 'conflict' });
    expect(readIntakeNotice(undefined)).toEqual({});
  });

  it('every page and panel notice, alone and together, is a valid cookie code that reads back as itself', () => {
    const pages = [...INTAKE_NOTICES.keys()];
    const uploads = Object.keys(UPLOAD_NOTICES) as UploadNotice[];
    for (const page of [undefined, ...pages])
      for (const upload of [undefined, ...uploads]) {
        const code = intakeNotice(page, upload);
        if (!code) continue;
        expect(code).toMatch(NOTICE_CODE);
        expect(readIntakeNotice(code)).toEqual({ ...(page && { page }), ...(upload && { upload }) });
      }
  });

  it('the panel’s codes are not the page’s: its "invalid" is not the page’s "correct the answers"', () => {
    expect(readIntakeNotice(intakeNotice(undefined, 'invalid'))).toEqual({ upload: 'invalid' });
    expect(INTAKE_NOTICES.get('invalid')?.text).toBe(INTAKE.invalidNotice);
    expect(INTAKE_NOTICES.get('constructor')).toBeUndefined();
  });
});
