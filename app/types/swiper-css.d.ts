// Swiper's stylesheets, imported on demand by the slider (Vite bundles them as CSS chunks).
declare module "swiper/css";
declare module "swiper/css/pagination";
