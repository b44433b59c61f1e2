import { Handshake, MapPin, MonitorSmartphone, MousePointerClick, Search, Share2 } from 'lucide-static';

/** A small icon per service (its file name in src/content/services), for cards and lists. */
export const SERVICE_ICONS: Record<string, string> = {
  'website-design': MonitorSmartphone,
  'seo-services': Search,
  'local-seo': MapPin,
  'google-ppc-services': MousePointerClick,
  'social-media-management': Share2,
  'white-label-partnerships': Handshake,
};
