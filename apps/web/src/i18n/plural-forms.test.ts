import { describe, expect, it } from 'vitest';
import { fillPluralForms, pluralCategories } from './plural-forms';

describe('missing plural forms', () => {
  it('knows the forms each language counts with', () => {
    expect(pluralCategories('hr')).toEqual(expect.arrayContaining(['one', 'few', 'other']));
    expect(pluralCategories('ru')).toEqual(expect.arrayContaining(['one', 'few', 'many', 'other']));
    expect(pluralCategories('de')).toEqual(expect.arrayContaining(['one', 'other']));
  });

  it('copies _other into the forms left out, at every depth, and keeps written ones', () => {
    const texts = {
      months_one: '{{count}} месяц',
      months_other: 'Месяцев: {{count}}',
      tasks_one: 'задача',
      tasks_few: '{{count}} задачи',
      tasks_other: 'задач: {{count}}',
      nested: { items_one: 'a', items_other: 'Предметы: {{count}}' },
      plain: 'Текст',
    };
    fillPluralForms(texts, 'ru');
    expect(texts).toMatchObject({
      months_few: 'Месяцев: {{count}}',
      months_many: 'Месяцев: {{count}}',
      tasks_few: '{{count}} задачи',
      tasks_many: 'задач: {{count}}',
      nested: { items_few: 'Предметы: {{count}}', items_many: 'Предметы: {{count}}' },
    });
    expect(Object.keys(texts)).not.toContain('plain_few');
  });

  it('adds nothing where the language has only one and other', () => {
    const texts = { days_one: '{{count}} Tag', days_other: '{{count}} Tage' };
    expect(fillPluralForms({ ...texts }, 'de')).toEqual(texts);
  });
});
