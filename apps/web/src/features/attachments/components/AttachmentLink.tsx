import { Anchor, Group, Image, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import type { Attachment } from '@workbench/domain';

/**
 * A file attached to a comment or a checklist item, opening in a new tab: a picture as its
 * thumbnail, any other file by its icon and name.
 */
export function AttachmentLink({
  file,
  thumbnail,
}: {
  file: Pick<Attachment, 'id' | 'name' | 'url' | 'media_type' | 'web_mob_thumbnail_url'>;
  thumbnail: { w: number; h: number };
}) {
  if (file.media_type === 'picture' && file.web_mob_thumbnail_url) {
    return (
      <Anchor href={file.url} target="_blank" rel="noopener noreferrer" title={file.name}>
        <Image src={file.web_mob_thumbnail_url} alt={file.name} {...thumbnail} radius="sm" fit="cover" />
      </Anchor>
    );
  }
  return (
    <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm" maw={220}>
      <Group gap={4} wrap="nowrap">
        <IconFileText size={16} style={{ flexShrink: 0 }} />
        <Text span size="sm" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Text>
      </Group>
    </Anchor>
  );
}
