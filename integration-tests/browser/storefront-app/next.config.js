/** @type {import('next').NextConfig} */
module.exports = { devIndicators: false }
