import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import { DEFAULT_MAP_CENTRE, DEFAULT_MAP_ZOOM, LOCATION_MAP_ZOOM, type MapsConfig } from '@workbench/domain';
import L from 'leaflet';
import { useEffect, useRef } from 'react';

type Tiles = NonNullable<MapsConfig['tiles']>;

/**
 * The picker's map (leaflet): centred on the chosen position, else on Vienna (001 §9); a click
 * answers the position. The marker is a vector circle, so no marker images need serving.
 */
export function LocationMap({
  tiles,
  position,
  onPick,
  label,
}: {
  tiles: Tiles;
  position: { lat: number; lng: number } | null;
  onPick: (lat: number, lng: number) => void;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const start = useRef(position);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const at = start.current;
    const instance = L.map(element, {
      center: at ? [at.lat, at.lng] : [DEFAULT_MAP_CENTRE.lat, DEFAULT_MAP_CENTRE.lng],
      zoom: at ? LOCATION_MAP_ZOOM : DEFAULT_MAP_ZOOM,
      maxZoom: tiles.max_zoom,
    });
    L.tileLayer(tiles.url, {
      attribution: tiles.attribution,
      maxZoom: tiles.max_zoom,
      // The page sends no Referer elsewhere (same-origin policy); tile services ask for one:
      // the tiles get the app's origin, never a page's address.
      referrerPolicy: 'strict-origin-when-cross-origin',
    }).addTo(instance);
    instance.on('click', (event: L.LeafletMouseEvent) => pick.current(event.latlng.lat, event.latlng.lng));
    map.current = instance;
    // The dialog opens with an animation: the map measures itself again when its box changes.
    const observer = new ResizeObserver(() => instance.invalidateSize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.remove();
      map.current = null;
      marker.current = null;
    };
  }, [tiles]);

  const lat = position?.lat ?? null;
  const lng = position?.lng ?? null;
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (lat === null || lng === null) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const at: L.LatLngExpression = [lat, lng];
    if (marker.current) marker.current.setLatLng(at);
    else {
      marker.current = L.circleMarker(at, {
        radius: 9,
        weight: 3,
        color: '#ffffff',
        fillColor: '#e03131',
        fillOpacity: 1,
      }).addTo(instance);
    }
    if (!instance.getBounds().pad(-0.2).contains(at)) {
      instance.setView(at, Math.max(instance.getZoom(), LOCATION_MAP_ZOOM - 2));
    }
  }, [lat, lng]);

  return (
    <Box
      ref={container}
      role="application"
      aria-label={label}
      data-testid="location-map"
      h={{ base: 260, sm: 340 }}
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', zIndex: 0 }}
    />
  );
}
