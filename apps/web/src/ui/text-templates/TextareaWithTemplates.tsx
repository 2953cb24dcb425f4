import {
  Badge,
  Box,
  Group,
  Popover,
  Text,
  Textarea,
  type TextareaProps,
  UnstyledButton,
} from '@mantine/core';
import { useId, useMergedRef } from '@mantine/hooks';
import type { TextTemplateSuggestion } from '@workbench/domain';
import { forwardRef, type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTextTemplateSuggestions } from '../../features/text-templates/text-templates-api';
import { insertTemplate, suggestAt } from './template-matching';

export type TextareaWithTemplatesProps = Omit<TextareaProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * A Mantine Textarea that offers the organisation's text templates while typing (001 §5): after 3
 * characters, templates containing what is being typed (case ignored), at most 10; arrows and
 * Enter or Tab pick one, Escape closes the list, a click picks too. The chosen text replaces
 * what was typed, cut to the field's maxLength. Without templates, or with the client's
 * display.text_templates off, it is a plain Textarea.
 */
export const TextareaWithTemplates = forwardRef<HTMLTextAreaElement, TextareaWithTemplatesProps>(
  function TextareaWithTemplates({ value, onChange, maxLength, onKeyDown, onBlur, onSelect, ...rest }, ref) {
    const { t } = useTranslation();
    const templates = useTextTemplateSuggestions();
    const inputRef = useRef<HTMLTextAreaElement>(null);
    const mergedRef = useMergedRef(ref, inputRef);
    const listId = useId();
    // The caret while the field has focus; null when it does not (the list is closed then).
    const [caret, setCaret] = useState<number | null>(null);
    const [active, setActive] = useState(0);
    // Escape or a choice closes the list until the next keystroke changes the text.
    const [dismissed, setDismissed] = useState(false);

    const suggestion = useMemo(
      () => (caret === null || !templates.length ? null : suggestAt(templates, value, caret)),
      [templates, value, caret],
    );
    const isOpen = !!suggestion && !dismissed && !rest.disabled && !rest.readOnly;
    const activeIndex = suggestion ? Math.min(active, suggestion.matches.length - 1) : 0;

    const choose = (template: TextTemplateSuggestion) => {
      if (!suggestion || caret === null) return;
      const next = insertTemplate(value, suggestion.fragment, caret, template.text, maxLength);
      onChange(next.value);
      setDismissed(true);
      setCaret(next.caret);
      // After React has written the new value, put the caret behind the inserted text.
      requestAnimationFrame(() => {
        const element = inputRef.current;
        if (!element) return;
        element.focus();
        element.setSelectionRange(next.caret, next.caret);
      });
    };

    const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (isOpen && suggestion) {
        const count = suggestion.matches.length;
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          setActive((activeIndex + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
          return;
        }
        if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
          const template = suggestion.matches[activeIndex];
          if (template) {
            event.preventDefault();
            choose(template);
            return;
          }
        }
        if (event.key === 'Escape') {
          // Closes the list only, not a modal the field sits in.
          event.preventDefault();
          event.stopPropagation();
          setDismissed(true);
          return;
        }
      }
      onKeyDown?.(event);
    };

    return (
      <Popover
        opened={isOpen}
        position="bottom-start"
        width="target"
        shadow="md"
        offset={4}
        trapFocus={false}
        returnFocus={false}
        withinPortal
        // A textarea takes no combobox role, and aria-expanded or aria-haspopup are not allowed on
        // its textbox role: the list is announced through aria-controls and the active option.
        withRoles={false}
      >
        <Popover.Target>
          <Textarea
            {...rest}
            ref={mergedRef}
            value={value}
            maxLength={maxLength}
            onChange={(event) => {
              onChange(event.currentTarget.value);
              setCaret(event.currentTarget.selectionStart);
              setDismissed(false);
              setActive(0);
            }}
            onSelect={(event) => {
              setCaret(event.currentTarget.selectionStart);
              onSelect?.(event);
            }}
            onBlur={(event) => {
              setCaret(null);
              onBlur?.(event);
            }}
            onKeyDown={handleKeyDown}
            aria-autocomplete="list"
            aria-controls={isOpen ? listId : undefined}
            aria-activedescendant={isOpen ? `${listId}-${activeIndex}` : undefined}
          />
        </Popover.Target>
        <Popover.Dropdown p={4}>
          <Text size="xs" c="dimmed" px={8} pt={4} pb={2}>
            {t('text-templates.autocomplete.title')}
          </Text>
          <Box
            id={listId}
            role="listbox"
            aria-label={t('text-templates.autocomplete.title')}
            mah={300}
            style={{ overflowY: 'auto' }}
          >
            {suggestion?.matches.map((template, index) => (
              <UnstyledButton
                key={template.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                data-testid="text-template-option"
                display="block"
                w="100%"
                px={8}
                py={6}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: index === activeIndex ? 'var(--mantine-primary-color-light)' : undefined,
                }}
                // Keep the focus in the field: a click must not blur it before the choice lands.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(template)}
              >
                <Group gap={8} wrap="nowrap" align="start" justify="space-between">
                  <Text size="sm" lineClamp={2}>
                    <Highlighted text={template.text} query={suggestion.fragment.query} />
                  </Text>
                  {template.category && (
                    <Badge
                      size="xs"
                      variant="light"
                      color={template.category.color ?? 'gray'}
                      style={{ flexShrink: 0 }}
                    >
                      {template.category.name}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            ))}
          </Box>
          <Text size="xs" c="dimmed" px={8} pt={2} pb={4} visibleFrom="sm">
            {t('text-templates.autocomplete.hint')}
          </Text>
        </Popover.Dropdown>
      </Popover>
    );
  },
);

/** The template's text with the typed part in bold (first occurrence, case ignored). */
function Highlighted({ text, query }: { text: string; query: string }) {
  const at = text.toLocaleLowerCase().indexOf(query.toLocaleLowerCase());
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Text span fw={700} inherit>
        {text.slice(at, at + query.length)}
      </Text>
      {text.slice(at + query.length)}
    </>
  );
}
