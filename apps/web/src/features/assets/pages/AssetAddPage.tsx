import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { errorKeyOf } from '../../../ui/feedback/error-text';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useCreateAsset } from '../assets-api';
import { AssetForm } from '../components/AssetForm';
import {
  type AssetFormErrors,
  type AssetFormValues,
  clearAssetDraft,
  createRequestOf,
  emptyAssetForm,
  formErrorsOf,
  isEmptyAssetForm,
  loadAssetDraft,
  saveAssetDraft,
  validateAssetForm,
} from '../form-values';
import { assetPaths, backPathOf } from '../list-state';

/**
 * /dashboard/assets/add: a new asset. What is typed is kept for the tab's session, so leaving and
 * coming back finds it again (001 §2); saving opens the new asset for its pictures and files.
 */
export function AssetAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const errorText = useErrorText();
  const create = useCreateAsset();
  const [values, setValues] = useState<AssetFormValues>(() => loadAssetDraft() ?? emptyAssetForm());
  const [errors, setErrors] = useState<AssetFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const back = backPathOf(location.state);

  useEffect(() => {
    if (isEmptyAssetForm(values)) clearAssetDraft();
    else saveAssetDraft(values);
  }, [values]);

  const change = (next: AssetFormValues, changed: keyof AssetFormValues) => {
    setValues(next);
    setErrors(({ [changed]: _, ...rest }) => rest);
    setFormError(null);
  };

  const submit = async () => {
    const found = validateAssetForm(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const saved = await create.mutateAsync(createRequestOf(values));
      clearAssetDraft();
      notify.ok('assets.detail.created', { name: saved.name });
      navigate(assetPaths.detail(saved.id), { replace: true, state: { from: back } });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(formErrorsOf(err.fields));
      else setFormError(errorKeyOf(err));
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('assets.detail.back')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {t('assets.detail.add_title')}
      </Title>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'lg' }}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <AssetForm values={values} onChange={change} errors={errors} />
        {formError && (
          <Text c="red" size="sm" mt="md" role="alert">
            {errorText(formError)}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" mt="lg">
          {!isEmptyAssetForm(values) && (
            <Button
              variant="subtle"
              color="gray"
              mr="auto"
              onClick={() => {
                clearAssetDraft();
                setValues(emptyAssetForm());
                setErrors({});
              }}
            >
              {t('assets.detail.discard_draft')}
            </Button>
          )}
          <Button variant="default" component={Link} to={back}>
            {t('assets.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="asset-save">
            {t('assets.detail.create')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
