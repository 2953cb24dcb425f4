import { Anchor, Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../app/shell/LanguageSwitcher';

/** The centred card every authentication page sits in, with the language switcher above it. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Group justify="space-between" p="md">
        <Anchor component={Link} to="/" underline="never" c="inherit">
          <Group gap={8}>
            <ThemeIcon size={30} radius="md">
              <IconChecks size={20} />
            </ThemeIcon>
            <Text fw={700} fz="lg">
              {t('common.product')}
            </Text>
          </Group>
        </Anchor>
        <LanguageSwitcher />
      </Group>
      <Center px="md" pb={48} pt={{ base: 8, sm: 40 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }} w="100%" maw={440}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz={26}>
              {title}
            </Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
          </Stack>
          {children}
        </Paper>
      </Center>
    </Box>
  );
}
