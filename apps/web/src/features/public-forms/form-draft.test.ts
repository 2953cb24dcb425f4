import { defaultPublicForm } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { changeField, changeText, draftOf, isDirty, moveField, previewFormOf, requestOf } from './form-draft';

const saved = draftOf({ ...defaultPublicForm('workspace'), updated_at: null });

describe('the configurator draft', () => {
  it('moves a field up and down, and not past the ends', () => {
    const moved = moveField(saved, 'reporter_phone', -1);
    expect(moved.fields.map((f) => f.key).slice(-2)).toEqual(['reporter_phone', 'reporter_email']);
    expect(moveField(saved, 'title', -1)).toBe(saved);
    expect(isDirty(moved, saved)).toBe(true);
  });

  it('requires a field only while it is shown', () => {
    const shown = changeField(saved, 'reporter_phone', { visible: true, required: true });
    expect(shown.fields.find((f) => f.key === 'reporter_phone')).toEqual({
      key: 'reporter_phone',
      visible: true,
      required: true,
    });
    const hidden = changeField(shown, 'reporter_phone', { visible: false });
    expect(hidden.fields.find((f) => f.key === 'reporter_phone')?.required).toBe(false);
  });

  it('requires the description once the title is not required', () => {
    const draft = changeField(saved, 'title', { required: false });
    expect(draft.fields.find((f) => f.key === 'description')).toMatchObject({
      visible: true,
      required: true,
    });
  });

  it('a text typed and cleared again is no change; the request leaves empty languages out', () => {
    const typed = changeText(saved, 'de', 'intro', 'Hallo');
    expect(isDirty(typed, saved)).toBe(true);
    expect(requestOf(typed).texts).toEqual({ de: { title: null, intro: 'Hallo', thank_you: null } });
    expect(isDirty(changeText(typed, 'de', 'intro', ''), saved)).toBe(false);
    expect(requestOf(typed)).not.toHaveProperty('type');
  });

  it('the preview shows the logo only when the form does', () => {
    expect(previewFormOf(saved, { logo: '/logo.png' }, []).logo).toBe('/logo.png');
    expect(previewFormOf({ ...saved, show_logo: false }, { logo: '/logo.png' }, []).logo).toBeNull();
  });
});
