// GENERATED FILE, DO NOT EDIT. Generated from specs/ by `npm run generate`; edit the specs and regenerate.
try{var m=localStorage.getItem("redoc.colorMode");if(m!=="light"&&m!=="dark")m=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.documentElement.classList.add(m)}catch(e){}
