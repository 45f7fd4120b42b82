export type IconProps = {
  color?: string
  size?: string | number
} & React.SVGAttributes<SVGElement>
