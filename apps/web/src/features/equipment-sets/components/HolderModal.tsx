import { SimpleGrid, TextInput } from '@mantine/core';
import { EQUIPMENT_TEXT_MAX, type ExternalHolder } from '@workbench/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveExternalHolder } from '../sets-api';
import { SetFormModal, useFormErrors } from './SetFormModal';

/** The same check as the server's (an address with one @, a dot in the domain, no spaces). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_MAX = 64;

/** Add or change an external holder: name, company, e-mail (checked), phone. */
export function HolderModal({
  opened,
  holder,
  onClose,
  onSaved,
}: {
  opened: boolean;
  holder: ExternalHolder | null;
  onClose: () => void;
  onSaved: (saved: ExternalHolder) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveExternalHolder();
  const errors = useFormErrors({ invalid_email: 'email' });
  const [fullName, setFullName] = useState('');
  const [company, setCompany] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const { setErrors } = errors;

  useEffect(() => {
    if (!opened) return;
    setFullName(holder?.full_name ?? '');
    setCompany(holder?.company ?? '');
    setEmail(holder?.email ?? '');
    setPhone(holder?.phone ?? '');
    setErrors({});
  }, [opened, holder, setErrors]);

  const submit = () => {
    const found: Record<string, string> = {};
    if (!fullName.trim()) found.full_name = 'required';
    if (email.trim() && !EMAIL.test(email.trim())) found.email = 'invalid_email';
    setErrors(found);
    if (Object.keys(found).length) return;
    void errors.save(
      () =>
        save.mutateAsync({
          ...(holder ? { id: holder.id } : {}),
          full_name: fullName.trim(),
          company: company.trim() || null,
          email: email.trim() || null,
          phone: phone.trim() || null,
        }),
      onSaved,
    );
  };

  return (
    <SetFormModal
      opened={opened}
      title={t(holder ? 'equipment-sets.holders.edit_title' : 'equipment-sets.holders.add_title')}
      errors={errors}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput
        label={t('equipment-sets.fields.full_name')}
        withAsterisk
        maxLength={EQUIPMENT_TEXT_MAX}
        value={fullName}
        onChange={(e) => {
          setFullName(e.currentTarget.value);
          errors.clear('full_name');
        }}
        error={errors.fieldError('full_name')}
        autoComplete="off"
        data-autofocus
      />
      <TextInput
        label={t('equipment-sets.fields.company')}
        maxLength={EQUIPMENT_TEXT_MAX}
        value={company}
        onChange={(e) => setCompany(e.currentTarget.value)}
        error={errors.fieldError('company')}
        autoComplete="off"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('equipment-sets.fields.email')}
          type="email"
          maxLength={EQUIPMENT_TEXT_MAX}
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            errors.clear('email');
          }}
          onBlur={() => {
            if (email.trim() && !EMAIL.test(email.trim()))
              setErrors((e) => ({ ...e, email: 'invalid_email' }));
          }}
          error={errors.fieldError('email')}
          autoComplete="off"
        />
        <TextInput
          label={t('equipment-sets.fields.phone')}
          type="tel"
          maxLength={PHONE_MAX}
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          error={errors.fieldError('phone')}
          autoComplete="off"
        />
      </SimpleGrid>
    </SetFormModal>
  );
}
