// The parts of Swiper the sliders use, in one module the browser loads on demand: importing the
// `swiper/modules` barrel dynamically would bring every module along (24 kB gzip instead of ~5).
import "swiper/css";
import "swiper/css/pagination";

export { default as Swiper } from "swiper";
export { A11y, Autoplay, Pagination } from "swiper/modules";
