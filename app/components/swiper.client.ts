// The Swiper core and the two modules the shop uses, in one chunk that the sliders import on demand
// (in an effect), so pages without a slider never load it.
import Swiper from "swiper";
import { A11y, Autoplay } from "swiper/modules";

export { A11y, Autoplay, Swiper };
