/** A location message: body `image|link|name|address` (spec §2). */
export interface LocationInfo {
  /** A thumbnail: a data: image or an https address; null when missing or unsafe. */
  imageUrl: string | null;
  /** The map link; only http(s) addresses are kept. */
  link: string | null;
  name: string;
  address: string;
}

const safeImage = /^(data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]+|https:\/\/\S+)$/i;
const safeLink = /^https?:\/\/\S+$/i;

export function parseLocation(body: string): LocationInfo {
  const [image = "", link = "", name = "", ...address] = body.split("|");
  return {
    imageUrl: safeImage.test(image.trim()) ? image.trim() : null,
    link: safeLink.test(link.trim()) ? link.trim() : null,
    name: name.trim(),
    // An address may itself contain a pipe: everything after the name belongs to it.
    address: address.join("|").trim(),
  };
}
