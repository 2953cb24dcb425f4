import { Center, Image, ThemeIcon } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';

/** A workspace's picture, or a calm placeholder of the same size when it has none. */
export function WorkspaceImage({ src, alt, height }: { src: string | null; alt: string; height: number }) {
  if (src) return <Image src={src} alt={alt} h={height} w="100%" fit="cover" radius="md" />;
  return (
    <Center
      h={height}
      w="100%"
      bg="var(--mantine-color-gray-1)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <ThemeIcon variant="light" size={Math.min(56, height / 2)} radius="xl" aria-hidden>
        <IconBuildingSkyscraper size={Math.min(30, height / 3)} />
      </ThemeIcon>
    </Center>
  );
}
