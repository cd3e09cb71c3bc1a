import * as L from 'leaflet';
import type { LatLng } from '../donation.ts';
import type { MarkerSpec } from '../map-picture.ts';
import { fanOut } from './fan-out.ts';
import { markerLabel } from './marker-label.ts';

/** Labels created per task, so that thousands of markers never block the page for long. */
const LABELS_PER_TASK = 500;

/**
 * Every marker of a search as plain positioned elements in one container. An `L.Marker` per donation
 * would register map listeners each (Leaflet looks them up linearly, so thousands of markers cost
 * seconds to add and remove) and a compositing layer each; here one listener repositions them all
 * after a zoom, and clearing a search removes one element. Markers sharing a point fan out around it.
 */
export class LabelLayer extends L.Layer {
  private container: HTMLElement | undefined;
  private centre: { position: LatLng; title: string } | undefined;
  private markers: readonly MarkerSpec[] = [];
  private offsets: [number, number][] = [];
  private placed: { element: HTMLElement; position: LatLng; offset: readonly [number, number] }[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  override onAdd(): this {
    this.container = L.DomUtil.create(
      'div',
      'donors-search-labels leaflet-zoom-hide',
      this.getPane('markerPane'),
    );
    this.render();
    return this;
  }

  override onRemove(): this {
    clearTimeout(this.timer);
    this.container?.remove();
    this.container = undefined;
    return this;
  }

  override getEvents() {
    return { viewreset: this.reposition, zoomend: this.reposition };
  }

  /** The centre marker, drawn above the others. */
  setCentre(position: LatLng, title: string): void {
    this.centre = { position, title };
    this.render();
  }

  setMarkers(markers: readonly MarkerSpec[]): void {
    this.markers = markers;
    this.offsets = fanOut(markers.map((marker) => marker.position));
    this.render();
  }

  private render(): void {
    clearTimeout(this.timer);
    this.placed = [];
    const container = this.container;
    if (!container) return;
    container.replaceChildren();
    if (this.centre) {
      const { position, title } = this.centre;
      this.place(container, markerLabel(container.ownerDocument, '', title, true), position, [0, 0]);
    }
    // The first labels wait for a task of their own, after the caller has moved the map.
    this.timer = setTimeout(() => this.addFrom(0));
  }

  private addFrom(start: number): void {
    const container = this.container;
    if (!container) return;
    const end = Math.min(this.markers.length, start + LABELS_PER_TASK);
    const fragment = container.ownerDocument.createDocumentFragment();
    for (let i = start; i < end; i++) {
      const { position, title, label } = this.markers[i] as MarkerSpec;
      const element = markerLabel(container.ownerDocument, label, title);
      this.place(fragment, element, position, this.offsets[i] ?? [0, 0]);
    }
    container.append(fragment);
    if (end < this.markers.length) this.timer = setTimeout(() => this.addFrom(end));
  }

  private place(
    parent: Node,
    element: HTMLElement,
    position: LatLng,
    offset: readonly [number, number],
  ): void {
    this.placed.push({ element, position, offset });
    this.move(element, position, offset);
    parent.appendChild(element);
  }

  private move(element: HTMLElement, position: LatLng, [dx, dy]: readonly [number, number]): void {
    const point = this._map.latLngToLayerPoint(position);
    element.style.transform = `translate(${Math.round(point.x + dx)}px, ${Math.round(point.y + dy)}px) translate(-50%, -50%)`;
  }

  private readonly reposition = (): void => {
    for (const { element, position, offset } of this.placed) this.move(element, position, offset);
  };
}
